export * from './cnpj.js';
export * from './constants.js';
export * from './feature-keys.js';
export * from './guard.js';
export * from './password.js';
export * from './routes.js';
export * from './user-types.js';
