"""Slapjack: cards turned in turn onto a pile, and the first to slap a Jack takes the pile."""
