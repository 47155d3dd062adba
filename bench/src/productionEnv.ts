// Imported first by run.ts: the server code the bench runs in process (the due reminders' mails,
// rendered with React) loads React's production build, as the built server does (server/build.mjs).
process.env.NODE_ENV ??= 'production';
