/** Texts of offline inspection outside INSPECT (ours, issue 21); INSPECT's are in tasks/texts.ts. */
export const OFFLINE_TEXT = {
  unsentAtLogout: (n: number) =>
    `${n} saved change${n === 1 ? ' is' : 's are'} still waiting on this device to be sent: logging out now drops ${n === 1 ? 'it' : 'them'}.`,
};
