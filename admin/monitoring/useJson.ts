// Loads one admin API document, with loading and error states and a reload.
import { useCallback, useEffect, useState } from 'react'
import { errorMessage } from '../common/hooks.ts'
import { getJson } from './api.ts'

export function useJson<T>(path: string, refreshMs = 0) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState('')
  const [tick, setTick] = useState(0)
  const reload = useCallback(() => setTick((t) => t + 1), [])
  useEffect(() => {
    let live = true
    getJson<T>(path).then(
      (d) => {
        if (!live) return
        setData(d)
        setError('')
      },
      (e: unknown) => live && setError(errorMessage(e, 'This panel could not be loaded. Check your connection and reload the page.')),
    )
    return () => {
      live = false
    }
  }, [path, tick])
  useEffect(() => {
    if (!refreshMs) return
    const timer = setInterval(reload, refreshMs)
    return () => clearInterval(timer)
  }, [refreshMs, reload])
  return { data, error, reload }
}

export const formatBytes = (bytes: number | null | undefined) => {
  if (bytes == null) return '—'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let n = bytes
  let i = 0
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024
    i++
  }
  return `${n.toFixed(i === 0 ? 0 : 1)} ${units[i]}`
}

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—')
