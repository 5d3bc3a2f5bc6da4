// A pointer import: vike reads it without running route.ts and its imports at config time (decision 200).
import route from './route.ts' with { type: 'vike:pointer' }

export default route
