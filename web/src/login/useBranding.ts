import { useEffect, useState } from 'react';
import { get } from '../api/http';

export interface Branding {
  namespace: string | null;
  signedIn?: boolean;
  companyName?: string;
  logo?: string | null;
  logoType?: string | null;
}

/** The client-portal variant: the host name contains a namespace's name (shell document 1). */
export function useBranding(): Branding | null {
  const [branding, setBranding] = useState<Branding | null>(null);
  useEffect(() => {
    let active = true;
    get<Branding>('/loginBranding', { anonymous: true })
      .then((value) => active && setBranding(value))
      .catch(() => active && setBranding({ namespace: null }));
    return () => {
      active = false;
    };
  }, []);
  return branding;
}
