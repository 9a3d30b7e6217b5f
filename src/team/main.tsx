import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '../browser/router';
// The base first: each page's stylesheet, imported by the page, comes after it in the bundle.
import './styles/team-base.css';
import { TeamApp } from './app';

// Rendered in the browser only: the server answers every /team path with the same empty shell,
// so no page of the workspace is ever built with data in it.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <TeamApp />
      </BrowserRouter>
    </StrictMode>,
  );
}
