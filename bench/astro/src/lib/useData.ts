// Stands in for vike-react/useData: the page's data comes from the context set by Shell.
import { createContext, useContext } from 'react'

export const DataContext = createContext<unknown>(undefined)
export const useData = <T>() => useContext(DataContext) as T
