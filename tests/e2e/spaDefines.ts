/**
 * The constants vite.config.ts `define`s at build time, for tests that import SPA modules (the route table) in Node.
 * Import it before those modules: ES modules run in import order.
 */
const globals = globalThis as { __BUILD_ID__?: string; __PRODUCT_NAME__?: string };
globals.__BUILD_ID__ ??= 'e2e';
globals.__PRODUCT_NAME__ ??= process.env.PRODUCT_NAME ?? 'Missiva';
