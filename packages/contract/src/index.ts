export * from './admin.js';
export * from './auth.js';
export * from './common.js';
export * from './content.js';
export * from './lifecycle.js';
export * from './projects.js';
export * from './site.js';
export * from './tokens.js';
