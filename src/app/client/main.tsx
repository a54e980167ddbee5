import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.js';
import './styles.css';
import { App } from './app/App.js';

// A language other than the default arrives as a pack (i18n/languagePacks.ts): render once its words are here.
// A pack that fails to load leaves the default language's words, which is better than no page.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
