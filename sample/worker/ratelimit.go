// Package main is the stock-sync worker: it reads the supplier's feed and restocks the shop.
package main

import (
	"sync"
	"time"
)

// TokenBucket allows bursts of up to Capacity requests and Rate requests per second on average;
// the supplier bans clients that go faster.
type TokenBucket struct {
	mu       sync.Mutex
	Capacity float64
	Rate     float64
	tokens   float64
	last     time.Time
}

// NewTokenBucket starts full, so the first burst goes out at once.
func NewTokenBucket(capacity, rate float64) *TokenBucket {
	return &TokenBucket{Capacity: capacity, Rate: rate, tokens: capacity, last: time.Now()}
}

// Take spends one token if there is one and says how long to wait otherwise.
func (b *TokenBucket) Take(now time.Time) (ok bool, wait time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tokens = min(b.Capacity, b.tokens+now.Sub(b.last).Seconds()*b.Rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / b.Rate * float64(time.Second))
}
