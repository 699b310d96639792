import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { readClientConfig } from './config';
import { installDropGuard } from './global/drop-guard';
import { createRouter } from './routes';
import { startRuntime } from './session/runtime';
import { RuntimeContext } from './session/runtime-context';

const runtime = startRuntime(readClientConfig());
const router = createRouter(runtime);
installDropGuard(window);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RuntimeContext.Provider value={runtime}>
      <RouterProvider router={router} />
    </RuntimeContext.Provider>
  </StrictMode>,
);
