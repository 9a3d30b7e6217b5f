import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '../browser/router';
import { TeamApp } from './app';
import './styles/team.css';

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
