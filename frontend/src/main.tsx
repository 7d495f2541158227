import { interfaceReady } from '@/i18n';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html lacks the #root element');

// The first paint is in the language chosen on this device (Arabic's text is fetched first).
void interfaceReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
