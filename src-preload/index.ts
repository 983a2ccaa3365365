import { contextBridge, ipcRenderer } from 'electron';
import { createApi } from './api';

// The sandboxed preload: one CommonJS bundle that may require only `electron`. It exposes
// `window.api` and nothing else; the page never sees ipcRenderer, Node or Electron.
contextBridge.exposeInMainWorld('api', createApi(ipcRenderer));
