import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { BrowserRouter } from './router';
import { loadRoute, routeFor } from './routes';
import './styles/global.css';

// Load the first screen's code before hydrating, so hydration renders it at once and matches
// the pre-rendered HTML.
const container = document.getElementById('root');
if (container) {
  await loadRoute(routeFor(window.location.pathname));
  hydrateRoot(
    container,
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}
