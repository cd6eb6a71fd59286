import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchPortalProperties } from './app/portal-properties';

const root = createRoot(document.getElementById('root')!);

void fetchPortalProperties().then((portalProperties) => {
  root.render(
    <StrictMode>
      <App portalProperties={portalProperties} />
    </StrictMode>,
  );
});
