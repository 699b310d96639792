import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { readClientConfig } from './config';
import { installDropGuard } from './global/drop-guard';
import { applyBrandColors } from './layout/brand';
import { createRouter } from './routes';
import { startRuntime } from './session/runtime';
import { RuntimeContext } from './session/runtime-context';

const config = readClientConfig();
applyBrandColors(document.documentElement, config.company.colors);
const runtime = startRuntime(config);
const router = createRouter(runtime);
installDropGuard(window);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RuntimeContext.Provider value={runtime}>
      <RouterProvider router={router} />
    </RuntimeContext.Provider>
  </StrictMode>,
);
