// First: it must run before the contract's schemas are built (see the module).
import './config/schemas-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { EnvErrorPage } from './components/errors/EnvErrorPage';
import { parseEnv } from './config/env';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The configuration is checked before anything uses it, so a broken build explains itself on screen.
const envResult = parseEnv(import.meta.env);
createRoot(container).render(
  envResult.ok ? (
    <StrictMode>
      <App />
    </StrictMode>
  ) : (
    <EnvErrorPage problems={envResult.problems} />
  ),
);
