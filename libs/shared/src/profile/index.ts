/**
 * The signed-in user's own data and password, as psychologists
 * ('profile', 'configuration') and administrators ('profile',
 * 'profile-admin') see them. An entry of its own: only those screens load it.
 */
export * from './own-profile.component';
export * from './profile-settings.component';
