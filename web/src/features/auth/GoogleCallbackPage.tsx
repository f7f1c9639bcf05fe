import { useSearchParams } from 'react-router-dom';
import { ProviderCallback } from './ProviderCallback';

/** /auth/google/callback: 'Processing login...', then '/' (or back to /login on failure). */
export function GoogleCallbackPage() {
  const [searchParams] = useSearchParams();
  return <ProviderCallback code={searchParams.get('code')} state={searchParams.get('state')} />;
}
