#include "tirgen/runtime/storage_plan.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <queue>
#include <utility>

namespace tirgen {
namespace runtime {

size_t PlanStorage(const std::vector<Lifetime>& tensors, size_t alignment, std::vector<size_t>* offsets) {
  std::vector<size_t> order(tensors.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return tensors[a].first < tensors[b].first; });
  std::vector<size_t> token_bytes;                 // each token: one region of the arena
  std::vector<size_t> token_of(tensors.size());
  std::multimap<size_t, size_t> free_tokens;       // bytes -> token
  using Release = std::pair<size_t, size_t>;       // (last step, token)
  std::priority_queue<Release, std::vector<Release>, std::greater<Release>> alive;
  for (size_t t : order) {
    const Lifetime& life = tensors[t];
    while (!alive.empty() && alive.top().first < life.first) {  // dead before this one is written
      free_tokens.emplace(token_bytes[alive.top().second], alive.top().second);
      alive.pop();
    }
    // The smallest free token that fits, else the largest free one grown, else a new one.
    auto it = free_tokens.lower_bound(life.bytes);
    if (it == free_tokens.end() && !free_tokens.empty()) it = std::prev(free_tokens.end());
    size_t token;
    if (it != free_tokens.end()) {
      token = it->second;
      free_tokens.erase(it);
      token_bytes[token] = std::max(token_bytes[token], life.bytes);
    } else {
      token = token_bytes.size();
      token_bytes.push_back(life.bytes);
    }
    token_of[t] = token;
    alive.emplace(life.last, token);
  }
  std::vector<size_t> token_offset(token_bytes.size());
  size_t size = 0;
  for (size_t k = 0; k < token_bytes.size(); ++k) {
    token_offset[k] = size;
    size += (token_bytes[k] + alignment - 1) / alignment * alignment;
  }
  offsets->resize(tensors.size());
  for (size_t t = 0; t < tensors.size(); ++t) (*offsets)[t] = token_offset[token_of[t]];
  return size;
}

}  // namespace runtime
}  // namespace tirgen
