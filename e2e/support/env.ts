// Ports and data folder can be moved, so two runs on one machine do not collide.
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 8181);
export const STATIC_PORT = Number(process.env.E2E_STATIC_PORT ?? 4183);
// "localhost" on both, so the page and the API are same-site (the Lax cookie flows) but different origins.
export const APP_URL = `http://localhost:${APP_PORT}`;
export const STATIC_URL = `http://localhost:${STATIC_PORT}`;
export const E2E_SECRET = 'e2e-secret-do-not-leak-7f3a9c1b5d2e8f40';
export const DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
