/**
 * The port of this e2e run (E2E_PORT, 3100 by default). The e2e server names its build, data and server file by it,
 * Playwright its output directory, and the fixtures find the server file with it: suites on different ports run at once.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
