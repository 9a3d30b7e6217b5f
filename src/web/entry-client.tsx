import { hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { BrowserRouter } from './router';
import { preloadScreen } from './routes';
import './styles/global.css';

// Load the first screen's code before hydrating, so hydration renders it at once and matches
// the pre-rendered HTML (docs/decisions/0027-preact-runs-the-react-code.md: hydration is one
// short synchronous pass over the page).
const container = document.getElementById('root');
if (container) {
  await preloadScreen(window.location.pathname);
  hydrateRoot(
    container,
    <BrowserRouter preload={preloadScreen}>
      <App />
    </BrowserRouter>,
  );
}
