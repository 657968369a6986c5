import { contract, type ResponseOf } from '@rtb/shared/contract';
import { useState } from 'react';
import { type ApiError, api } from '../../lib/api-client';

export type UrlVerification = ResponseOf<typeof contract.urlVerification.verify>['data']['urlVerification'];

/** POST /api/url/verify: whether an address is well formed and answers over HTTP(S). */
export function useVerifyUrl() {
  const [verifying, setVerifying] = useState(false);
  const [result, setResult] = useState<UrlVerification | null>(null);

  /** The verification, or the API's failure (a 422 carries the reason on `url`). */
  const verify = async (url: string): Promise<{ ok: true } | { ok: false; error: ApiError }> => {
    setVerifying(true);
    setResult(null);
    try {
      const res = await api.call(contract.urlVerification.verify, { body: { url } });
      setResult(res.data.urlVerification);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: error as ApiError };
    } finally {
      setVerifying(false);
    }
  };

  return { verify, verifying, result, clear: () => setResult(null) };
}
