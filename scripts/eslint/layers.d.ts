/** Types of layers.js (plain JS so that eslint.config.js loads it without a build). */
export declare const groups: Record<string, string[]>;
export declare const layers: Record<string, string[]>;
export declare const modules: Array<{ layer: string; test: RegExp }>;
export declare function allowedOf(layer: string, table?: Record<string, string[]>): Set<string>;
export declare function layerOfPath(path: string): string | undefined;
export declare function layerOfModule(specifier: string): string;
export declare function layerTable(): string;
