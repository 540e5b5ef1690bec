import type { HydrationState } from 'react-router';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/** The app; `hydrationData` when it takes over a page the build rendered ahead of time (main.tsx). */
export function App({ hydrationData }: { hydrationData?: HydrationState }) {
  return (
    <AppProviders>
      <AppRouter hydrationData={hydrationData} />
    </AppProviders>
  );
}
