import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { describeError } from '../lib/api';
import { useStore } from '../lib/store';
import { noteDecrypted } from './decrypted-feed';
import { cryptoEpoch } from './epoch';
import { decryptText, type Plain } from './message-crypto';

/** The plaintext of an encrypted message (undefined while working); tried again when keys change. */
export function useDecrypted(message: Message, authorName: string): Plain | undefined {
  const epoch = useStore(cryptoEpoch);
  const body = message.encrypted;
  const { data } = useQuery({
    queryKey: ['plain', message.id, body?.tag, epoch],
    queryFn: async (): Promise<Plain> => {
      try {
        const plain = await decryptText(message, authorName);
        if (plain.ok) noteDecrypted(message, plain.text);
        return plain;
      } catch (err) {
        return { ok: false, state: 'failed', reason: `Keys could not be loaded: ${describeError(err)}` };
      }
    },
    enabled: !!body,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return data;
}
