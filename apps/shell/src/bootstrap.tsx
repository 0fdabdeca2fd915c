import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { createAppStore, registerRemoteComponentLoader } from '@psicocampus/shared/core';
import { App } from './app/app.component';
import { remoteFallbackPlugin } from './features/remotes/remote-fallback.plugin';
import { remoteRegistry } from './features/remotes/remote-registry';
import './styles/global.css';

async function start() {
  registerPlugins([remoteFallbackPlugin()]);
  await remoteRegistry.init();
  registerRemoteComponentLoader((remote, expose) => remoteRegistry.loadComponent(remote, expose));
  const store = createAppStore({ apiBaseUrl: '', storage: window.localStorage });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();
