import { useStore } from '../lib/store';
import { vault } from './vault';

/** Whether this browser can read and write the conversation: unlocked, or nothing to unlock. */
export function useEncryptionReady(encrypted: boolean): boolean {
  return useStore(vault).status === 'unlocked' || !encrypted;
}
