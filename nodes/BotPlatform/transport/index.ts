/** The Bot Platform transport, shared by the action node and the trigger. */
export * from './base-url';
export * from './credential';
export * from './errors';
export * from './methods';
export * from './pagination';
export * from './request';
export * from './retry-after';
