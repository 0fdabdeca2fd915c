/**
 * Framework-free part of the shared library: what both the browser and the
 * server use (roles, message catalogue, validation schemas). The Columbia
 * assessment and its risk engine are the `/columbia` entry.
 * Nothing here may import React, the DOM or Node-only modules.
 */
export * from './roles';
export * from './session-user';
export * from './session-timings';
export * from './messages';
export * from './api-types';
export * from './remotes';
export * from './schemas';
export * from './enums';
export * from './entities';
export * from './format';
export * from './service-clock';
export * from './audit';
export * from './paging';
export * from './assignment';
export * from './unrecorded-appointments';
