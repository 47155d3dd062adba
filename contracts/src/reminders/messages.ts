/** The due reminders' texts (issue 23; all ours). */
export const REMINDERS = {
  subject: (count: number) => `${count} asset${count === 1 ? '' : 's'} due for inspection`,
  intro: (company: string, windowDays: number) =>
    `These assets of ${company} are expired, failed their last inspection, or are due within ${windowDays} day${windowDays === 1 ? '' : 's'}.`,
  ask: 'Contact your inspection provider to book their examination.',
  openAsset: 'Open',
  turnOff: 'Turn off these reminders',
  turnOffNote: 'You receive this mail once a day while assets are due.',
  // The opt-out pages.
  pageBrand: 'Due reminders',
  confirmTitle: 'Turn off due reminders?',
  confirmText: (email: string) => `${email} will no longer receive the daily mail of assets due for inspection.`,
  confirmButton: 'Turn off reminders',
  offTitle: 'Due reminders are off',
  offText: (email: string) => `${email} will no longer receive the daily mail of assets due for inspection.`,
  onAgain: 'You can turn them on again on your profile page in the portal.',
  badTitle: 'This link is not valid',
  badText: 'The link is incomplete or was changed. Open it again from the reminder mail; nothing was changed.',
  // The profile page.
  profileTitle: 'Due reminders',
  profileSwitch: 'Mail me a daily list of assets due for inspection',
  profileHelp: (windowDays: number) =>
    `Expired and failed assets of your company, and those due within ${windowDays} day${windowDays === 1 ? '' : 's'}, once a day while there are any.`,
  profileNotApplies: 'Your role does not receive due reminders.',
  profileOn: 'Due reminders turned on',
  profileOff: 'Due reminders turned off',
} as const;
