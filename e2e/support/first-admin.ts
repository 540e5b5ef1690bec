/**
 * The admin made before the journeys' server starts (playwright.config.ts runs `npm run admin:create`): its address,
 * and the file in the run's data folder that holds what the command printed (the one-time link to set the password).
 */
export const FIRST_ADMIN = { email: 'first-admin@example.com', linkFile: 'first-admin.txt', password: 'Adm1n!pass' } as const;
