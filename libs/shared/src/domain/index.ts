/**
 * Framework-free part of the shared library: what both the browser and the
 * server use (roles, message catalogue, validation schemas, risk engine).
 * Nothing here may import React, the DOM or Node-only modules.
 */
export * from './roles';
export * from './session-user';
export * from './messages';
export * from './api-types';
export * from './remotes';
export * from './schemas';
export * from './enums';
export * from './entities';
export * from './format';
export * from './risk/risk-engine';
export * from './assessment/assessment';
export * from './assessment/assessment-flow';
export * from './assessment/columbia-scale';
export * from './audit';
