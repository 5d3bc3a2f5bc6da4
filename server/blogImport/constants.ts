/** The redirects module's group for the old addresses of imported posts. */
export const REDIRECT_GROUP = 'blog import'
