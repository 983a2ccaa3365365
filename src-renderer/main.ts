import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('Marquee’s page has no #app element to mount into.');

export const app = mount(App, { target });
