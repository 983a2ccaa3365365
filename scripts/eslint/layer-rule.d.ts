/** Types of layer-rule.js (plain JS so that eslint.config.js loads it without a build). */
import type { ESLint, Rule } from 'eslint';

export declare const layerRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
