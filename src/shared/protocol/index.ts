// The host <-> client protocol: event maps, payload schemas, public table info.
export * from './archive';
export * from './bot-level';
export * from './errors';
export * from './event-log';
export * from './limits';
export * from './reactions';
export * from './events';
export * from './schemas';
export * from './standings';
export * from './table-info';
export * from './text';
export * from './version';
