// The registration module vite-plugin-pwa provides (web/vite.config.ts; used by web/src/lib/service-worker.ts).
/// <reference types="vite-plugin-pwa/vanillajs" />
