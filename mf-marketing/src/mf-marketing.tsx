import { areaNotAvailableLifecycles } from '@app/shared';

// The screens of this area arrive in later issues; until then its routes say so inside the shell.
export const { bootstrap, mount, unmount } = areaNotAvailableLifecycles();
