export const statusChoices = [
  { id: 301, name: '301 Moved permanently' },
  { id: 302, name: '302 Found (temporary)' },
  { id: 307, name: '307 Temporary, same method' },
  { id: 308, name: '308 Permanent, same method' },
  { id: 410, name: '410 Gone (no target)' },
]
export const matchChoices = [
  { id: 'exact', name: 'Exact path' },
  { id: 'prefix', name: 'Path prefix' },
  { id: 'regex', name: 'Regular expression' },
]
export const queryChoices = [
  { id: 'pass', name: 'Pass the query on (keeps UTM parameters)' },
  { id: 'ignore', name: 'Drop the query' },
  { id: 'exact', name: 'Match the exact query' },
]
