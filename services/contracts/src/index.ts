export * from './roles.js';
export * from './verification.js';
export * from './orders.js';
export * from './constants.js';
export * from './messages.js';
export * from './events.js';
export * from './config.js';
export * from './menus.js';
