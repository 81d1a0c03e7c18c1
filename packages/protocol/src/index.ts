export * from './constants.js';
export * from './errors.js';
export * from './entities.js';
export * from './api.js';
export * from './accounts.js';
export * from './events.js';
export * from './keys.js';
export * from './mentions.js';
