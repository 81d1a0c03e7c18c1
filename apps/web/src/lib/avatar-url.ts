import { getConfig } from './config';

/** A profile photo's address: by id, so a new photo is a new address and the old one stays cached. */
export const avatarUrl = (id: string) => `${getConfig().apiBase}/avatars/${id}`;
