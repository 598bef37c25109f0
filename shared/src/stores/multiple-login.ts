import { atom } from 'nanostores';

/** §4 multiple-login flags, set by the codes signInConfirm, signInConfirmMode1 and forceOut. */
export interface MultipleLoginFlags {
  multipleLogin: boolean;
  denied: boolean;
  ended: boolean;
}

export const noMultipleLogin: MultipleLoginFlags = { multipleLogin: false, denied: false, ended: false };

export const $multipleLogin = atom<MultipleLoginFlags>(noMultipleLogin);

export function raiseMultipleLogin(flag: keyof MultipleLoginFlags): void {
  $multipleLogin.set({ ...$multipleLogin.get(), [flag]: true });
}

export function clearMultipleLogin(): void {
  $multipleLogin.set(noMultipleLogin);
}
