// The support context: FAQs and the users' support requests with the admins' replies. Nothing
// else builds on it; app.ts mounts its routes through runtime.ts.
export {};
