// Gives remotes built with experiments.externalRuntime the runtime the shell
// would otherwise provide (see createFederationRuntimeConfig).
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
