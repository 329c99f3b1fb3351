// Types for prerender-pages.mjs (a plain Node module the web build's Vite config loads), for the config and the tests.
import type { Plugin } from 'vite';
export declare function withPrerenderedPage(pageHtml: string, markup: string): string;
export declare function withPrerenderedStyles(pageHtml: string, markup: string): string;
export declare function prerenderPages(pages: { page: string; module: string; render: string; stylesOnly?: boolean }[]): Plugin;
