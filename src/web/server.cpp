#include "web/server.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <charconv>
#include <iostream>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "web/http.hpp"
#include "web/slow_work.hpp"

namespace web {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// Sign-ins waiting for a hasher at most; past them, "busy".
constexpr std::size_t kMostWaitingHashes = 64;

}  // namespace

struct Server::Impl {
  class Session;

  explicit Impl(ServeOptions o)
      : options(std::move(o)),
        matches(options.limits, options.store.get()),
        api(matches, options.allowed_hosts),
        contexts(make_contexts(options.threads)),
        acceptor(*contexts.front()) {
    for (std::size_t i = 0; i < contexts.size(); ++i) loops.push_back(std::make_unique<Loop>());
    if (options.connections_per_address > 0)
      connection_limits.per_address = options.connections_per_address;
    if (options.max_connections > 0) connection_limits.total = options.max_connections;
    if (options.request_seconds > 0)
      connection_limits.request_time = std::chrono::seconds(options.request_seconds);
    // A change of a game wakes the long polls that wait for it.
    matches.on_change([this](const std::string& id) { wake(id); });
  }

  // No change is told to the event loops once they go (a bot's move may
  // come as the server stops).
  ~Impl() { matches.on_change({}); }

  static std::vector<std::unique_ptr<net::io_context>> make_contexts(int threads) {
    if (threads <= 0) threads = std::max(2, static_cast<int>(std::thread::hardware_concurrency()));
    std::vector<std::unique_ptr<net::io_context>> made;
    for (int i = 0; i < threads; ++i) made.push_back(std::make_unique<net::io_context>(1));
    return made;
  }

  // The sessions of one event loop waiting for a game's next change (long
  // polls and event streams), and the version its last wake-up found.
  struct Watchers {
    std::vector<std::weak_ptr<Session>> sessions;
    std::uint64_t told = 0;
  };
  // What each event loop knows of its waiting sessions, touched only on its
  // thread; and (under its lock) the games whose change it is yet to tell.
  struct Loop {
    std::unordered_map<std::string, Watchers> waiting;
    bool walking = false;  // a wake-up goes through a game's sessions
    std::mutex mutex;
    std::unordered_set<std::string> pending;
  };

  int bind();
  void accept();
  void on_accept(beast::error_code error, tcp::socket socket, std::size_t loop);
  bool proxy(const std::string& address) const;
  std::string busiest_address() const;
  std::shared_ptr<Session> make_room(const std::string& address);
  void wake(const std::string& id);
  void wake_loop(std::size_t loop, const std::string& id);
  std::size_t watch(std::size_t loop, const std::string& id, std::weak_ptr<Session> session);
  void forget(std::size_t loop, const std::string& id, std::size_t slot);
  void release(const std::string& address);

  // Declared before the context, whose sessions use them until it is gone.
  ServeOptions options;
  ConnectionLimits connection_limits;
  std::vector<std::unique_ptr<Loop>> loops;  // one an event loop, in the order of `contexts`

  // The connections open, in all and from each address, and each address's.
  std::mutex connections_mutex;
  std::size_t connections = 0;
  std::unordered_map<std::string, std::size_t> per_address;
  std::unordered_map<std::string, std::vector<std::weak_ptr<Session>>> sessions;

  Matches matches;
  Api api;
  // One event loop a thread, each with its share of the connections: no
  // locks between threads on the way of a request.
  std::vector<std::unique_ptr<net::io_context>> contexts;
  std::size_t next_context = 0;
  tcp::acceptor acceptor;
  std::unique_ptr<net::steady_timer> retry;  // accepting again after running out of files
  // Passwords are hashed here, never on an event loop (after the contexts:
  // gone first, so that no work under way outlives them).
  SlowWork slow{0, kMostWaitingHashes};
};

// One connection: requests read one at a time under a time limit, each
// answered at once or, for a long poll, when its game changes or its time
// is up. Everything of it runs on its event loop's one thread.
class Server::Impl::Session : public std::enable_shared_from_this<Session> {
 public:
  // What a connection is doing: waiting for (the rest of) a request, busy
  // with one (handling, answering), or holding a long poll.
  enum class Phase { Reading, Busy, Waiting };

  Session(tcp::socket socket, Impl& server, std::string address, std::size_t loop)
      : stream_(std::move(socket)),
        server_(server),
        address_(std::move(address)),
        loop_(loop),
        timer_(stream_.get_executor()),
        buffer_(read_buffer_bytes(server.connection_limits)) {}
  ~Session() { server_.release(address_); }

  void start() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
  }

  // The views a wake-up rendered, by token (a game's seats and spectators:
  // a few), so that the sessions of one loop watching as one seat take the
  // games' lock once.
  using Rendered = std::vector<std::pair<std::string, std::optional<Matches::ViewText>>>;

  // A change of the game this session waits for, on its own event loop
  // (Impl::wake_loop, once a loop for all of that loop's sessions).
  void wake_here(Rendered& rendered) {
    if (!wait_ || !wait_->stream) {  // a long poll: answered now
      timer_.cancel();
      return;
    }
    if (phase_ != Phase::Waiting || ended_) return;
    auto at = std::find_if(rendered.begin(), rendered.end(),
                           [&](const auto& r) { return r.first == wait_->token; });
    if (at == rendered.end())
      at = rendered.insert(rendered.end(), {wait_->token, server_.api.view_text(*wait_)});
    ready_ = at->second;
    next_event();  // written now, or when the write under way is done
  }
  // Its place among its loop's sessions waiting for its game.
  std::size_t slot = 0;
  net::any_io_executor executor() { return stream_.get_executor(); }

  // Room for another connection (from any thread, once): closed if it is
  // still only reading a request, its long poll answered now if it waits.
  void evict() {
    net::post(stream_.get_executor(), [self = shared_from_this()] {
      if (self->phase_ == Phase::Reading) return self->close();
      if (self->phase_ == Phase::Waiting) {
        self->answer_now_ = true;
        self->timer_.cancel();
      }
    });
  }
  Phase phase() const { return phase_; }
  Clock::time_point since() const { return Clock::time_point(Clock::duration(since_.load())); }
  // Whether it was chosen to make room already (under the connections' lock).
  bool evicted = false;

 private:
  void enter(Phase phase) {
    phase_ = phase;
    since_ = Clock::now().time_since_epoch().count();
  }

  void read() {
    enter(Phase::Reading);
    parser_.emplace();
    limit(*parser_, server_.connection_limits);
    stream_.expires_after(server_.connection_limits.request_time);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code error, std::size_t) {
                       self->on_read(error);
                     });
  }

  void on_read(beast::error_code error) {
    if (error == http::error::end_of_stream || error == beast::error::timeout ||
        error == net::error::operation_aborted || error == net::error::connection_reset ||
        error == net::error::eof) {
      return close();
    }
    enter(Phase::Busy);
    if (error) return send(unreadable(error, server_.connection_limits), 11, false);
    const HttpRequest& request = parser_->get();
    version_ = request.version();
    keep_alive_ = request.keep_alive();
    auto read = to_api(request, address_, server_.connection_limits, server_.options.proxies);
    if (auto* refused = std::get_if<Response>(&read)) return send(*refused, version_, false);
    auto handled = server_.api.handle(std::get<Request>(read));
    if (auto* response = std::get_if<Response>(&handled))
      return send(*response, version_, keep_alive_);
    if (auto* deferred = std::get_if<Deferred>(&handled)) return defer(std::move(deferred->work));
    begin_wait(std::get<Wait>(std::move(handled)));
  }

  // Slow work (a password's hash) in the server's pool; its answer sent
  // from this loop when it is done, or "busy" at once if the pool is full.
  void defer(std::function<Response()> work) {
    const bool taken = server_.slow.submit([self = shared_from_this(), work = std::move(work)] {
      Response response = work();
      net::post(self->executor(), [self, response = std::move(response)] {
        self->send(response, self->version_, self->keep_alive_);
      });
    });
    if (!taken)
      send(Api::refusal(503, "the server is busy signing people in: try again in a moment"),
           version_, false);
  }

  // A long poll: registered first, then checked, so that no change is missed.
  void begin_wait(Wait wait) {
    wait_ = std::move(wait);
    slot = server_.watch(loop_, wait_->id, weak_from_this());
    stream_.expires_never();  // the wait has its own deadline
    enter(Phase::Waiting);
    if (wait_->stream) {
      wait_->deadline = Clock::now() + server_.options.heartbeat;
      return begin_stream();
    }
    arm();
  }

  void arm() {
    if (answer_now_ || server_.api.ready(*wait_)) return end_wait();
    timer_.expires_at(wait_->deadline);
    timer_.async_wait([self = shared_from_this()](beast::error_code) {
      // Expired, or woken by a change: answer if the game is ready.
      self->arm();
    });
  }

  // Server-sent events: the header once (with how soon a browser's
  // EventSource connects again), then each version of the view as an
  // event, until the client goes (or the connection makes room).
  void begin_stream() {
    head_ =
        "HTTP/1.1 200 OK\r\nServer: gridgames\r\nContent-Type: text/event-stream\r\n"
        "Cache-Control: no-store\r\nX-Accel-Buffering: no\r\n";
    for (const auto& [name, value] : security_headers()) head_ += name + ": " + value + "\r\n";
    head_ += "\r\nretry: 1000\n\n";
    beast::error_code ignored;
    stream_.socket().non_blocking(true, ignored);
    write_stream({net::buffer(head_)});
  }

  // What the stream says next: the newest view past what it sent (the one
  // its wake-up brought; asked for at its start and when its timer comes),
  // else the version alone when its time comes; else it waits for that time or a
  // wake-up. Every change of the game wakes the stream with the view
  // rendered for it, so that between the two it asks the games nothing:
  // a move watched by thousands takes the games' lock once a loop.
  void next_event() {
    if (ended_ || writing_) return;
    if (answer_now_) return end_stream();
    auto view = std::exchange(ready_, std::nullopt);
    if (std::exchange(ask_, false) && (!view || view->version <= wait_->after)) {
      if (server_.api.matches_stopping()) return end_stream();
      view = server_.api.view_text(*wait_);  // under the games' lock
      if (!view) return end_stream();        // the game is gone
    }
    // The first view unless the browser has its version (resuming), then
    // each newer one.
    if (view && (sent_ ? view->version > wait_->after : view->version != wait_->after)) {
      sent_ = true;
      wait_->after = view->version;
      event_ = std::move(view->text);  // shared: kept alive while it is written
      // A running clock: a look when it runs out (the game lost on time).
      flag_at_ = view->clock_left_ms
                     ? Clock::now() + std::chrono::milliseconds(*view->clock_left_ms + 20)
                     : Clock::time_point::max();
      if (timing_ && flag_at_ < timer_at_) timer_.cancel();  // set again for the sooner
      const std::string_view head = format_head("id: ", "\ndata: ");
      return write_stream(
          {net::buffer(head.data(), head.size()), net::buffer(*event_), net::buffer("\n\n", 2)});
    }
    if (Clock::now() >= wait_->deadline) {
      wait_->deadline = Clock::now() + server_.options.heartbeat;
      // The version the page should show: one behind it asks again.
      const std::string_view beat = format_head("event: version\ndata: ", "\n\n");
      return write_stream({net::buffer(beat.data(), beat.size())});
    }
    if (timing_) return;
    timing_ = true;
    timer_at_ = std::min(wait_->deadline, flag_at_);
    timer_.expires_at(timer_at_);
    timer_.async_wait([self = shared_from_this()](beast::error_code) {
      self->timing_ = false;
      self->ask_ = true;
      self->next_event();
    });
  }

  // At most three pieces (an event's head, its view, its end), written
  // without an allocation.
  using Pieces = std::array<net::const_buffer, 3>;

  // `before`, the version last sent, then `after`, in the session's own
  // buffer (kept while it is written).
  std::string_view format_head(std::string_view before, std::string_view after) {
    char* at = std::copy(before.begin(), before.end(), head_buffer_.data());
    at = std::to_chars(at, head_buffer_.data() + head_buffer_.size(), wait_->after).ptr;
    at = std::copy(after.begin(), after.end(), at);
    return {head_buffer_.data(), static_cast<std::size_t>(at - head_buffer_.data())};
  }

  // Written at once where the socket takes it all (the usual case: no trip
  // through the event loop), else the rest asynchronously, under the
  // time limit of an answer.
  void write_stream(const Pieces& buffers) {
    beast::error_code error;
    const std::size_t done = stream_.socket().write_some(buffers, error);
    if (error && error != net::error::would_block && error != net::error::try_again)
      return end_stream();
    if (!error && done == net::buffer_size(buffers)) return next_event();
    beast::buffers_suffix<Pieces> rest(buffers);
    rest.consume(error ? 0 : done);
    writing_ = true;
    stream_.expires_after(server_.connection_limits.request_time);  // a reader that takes it
    net::async_write(stream_, rest,
                     [self = shared_from_this()](beast::error_code failed, std::size_t) {
                       self->writing_ = false;
                       if (failed) return self->end_stream();
                       self->stream_.expires_never();
                       self->next_event();
                     });
  }

  void end_stream() {
    if (ended_) return;
    ended_ = true;
    timer_.cancel();
    server_.forget(loop_, wait_->id, slot);
    event_.reset();
    close();
  }

  void end_wait() {
    enter(Phase::Busy);
    answer_now_ = false;
    server_.forget(loop_, wait_->id, slot);
    const Response response = server_.api.resume(*wait_);
    wait_.reset();
    send(response, version_, keep_alive_);
  }

  void send(const Response& response, unsigned version, bool keep_alive) {
    response_ = to_http(response, version, keep_alive);
    stream_.expires_after(server_.connection_limits.request_time);
    http::async_write(
        stream_, response_,
        [self = shared_from_this(), keep_alive](beast::error_code error, std::size_t) {
          if (error || !keep_alive) return self->close();
          self->read();
        });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.close();
  }

  beast::tcp_stream stream_;
  Impl& server_;
  std::string address_;
  std::size_t loop_;  // its event loop's place in `loops`
  net::steady_timer timer_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  HttpResponse response_;
  std::optional<Wait> wait_;
  std::string head_;                          // a stream's header
  std::shared_ptr<const std::string> event_;  // the view a stream is writing
  std::array<char, 64> head_buffer_{};        // an event's head, or a heartbeat
  bool sent_ = false;                         // a stream has sent a view
  std::optional<Matches::ViewText> ready_;    // a view its wake-up brought
  bool writing_ = false;                      // a stream's write under way
  bool timing_ = false;                       // its timer set (for the next comment)
  Clock::time_point timer_at_;                // when it is set for
  bool ask_ = true;     // whether the stream asks the games for their view next
  bool ended_ = false;  // the stream is over
  Clock::time_point flag_at_ = Clock::time_point::max();  // when the running clock runs out
  unsigned version_ = 11;
  bool keep_alive_ = false;
  bool answer_now_ = false;  // a long poll answered early to make room
  std::atomic<Phase> phase_ = Phase::Reading;
  std::atomic<Clock::rep> since_ = Clock::now().time_since_epoch().count();
};

int Server::Impl::bind() {
  beast::error_code error;
  const auto address =
      net::ip::make_address(options.host == "localhost" ? "127.0.0.1" : options.host, error);
  if (error) return -1;
  const tcp::endpoint endpoint(address, static_cast<unsigned short>(options.port));
  acceptor.open(endpoint.protocol(), error);
  if (!error) acceptor.set_option(net::socket_base::reuse_address(true), error);
  if (!error) acceptor.bind(endpoint, error);
  if (!error) acceptor.listen(1024, error);
  if (error) return -1;
  return acceptor.local_endpoint().port();
}

void Server::Impl::accept() {
  const std::size_t loop = next_context++ % contexts.size();
  acceptor.async_accept(*contexts[loop], [this, loop](beast::error_code error, tcp::socket socket) {
    on_accept(error, std::move(socket), loop);
  });
}

void Server::Impl::on_accept(beast::error_code error, tcp::socket socket, std::size_t loop) {
  if (error == net::error::operation_aborted) return;
  if (error) {
    // Out of file descriptors, most likely (descriptors the server did not
    // count, a limit lowered under it): a waiting connection of the
    // busiest address makes room, and the accept is tried again a little
    // later.
    std::shared_ptr<Session> room;
    {
      const std::lock_guard lock(connections_mutex);
      room = make_room(busiest_address());
    }
    if (room) room->evict();
    retry = std::make_unique<net::steady_timer>(*contexts.front(), std::chrono::milliseconds(50));
    retry->async_wait([this](beast::error_code e) {
      if (!e) accept();
    });
    return;
  }
  beast::error_code ignored;
  const std::string address = socket.remote_endpoint(ignored).address().to_string();
  bool admitted = false;
  std::shared_ptr<Session> room;  // a connection that makes room for this one
  {
    const std::lock_guard lock(connections_mutex);
    const bool address_full =
        !proxy(address) && per_address[address] >= connection_limits.per_address;
    if (address_full || connections >= connection_limits.total) {
      room = make_room(address_full ? address : busiest_address());
    }
    if (room || (!address_full && connections < connection_limits.total)) {
      ++connections;
      ++per_address[address];
      admitted = true;
    }
  }
  if (room) room->evict();
  if (admitted) {
    // Answers go out whole at once: no waiting for acknowledgements; what
    // a client leaves unread is bounded by its send buffer.
    socket.set_option(tcp::no_delay(true), ignored);
    socket.set_option(net::socket_base::send_buffer_size(connection_limits.send_buffer_bytes),
                      ignored);
    auto session = std::make_shared<Session>(std::move(socket), *this, address, loop);
    {
      const std::lock_guard lock(connections_mutex);
      sessions[address].push_back(session);
    }
    session->start();
  } else {
    // Turned away with a word, without reading anything.
    static const std::string busy =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        "Connection: close\r\nContent-Length: 58\r\n\r\n"
        "{\"error\":\"too many connections from your address at once\"}";
    socket.non_blocking(true, ignored);
    socket.write_some(net::buffer(busy), ignored);
    socket.close(ignored);
  }
  accept();
}

bool Server::Impl::proxy(const std::string& address) const {
  return std::find(options.proxies.begin(), options.proxies.end(), address) !=
         options.proxies.end();
}

// The address holding the most connections (under the connections' lock).
std::string Server::Impl::busiest_address() const {
  std::string busiest;
  std::size_t most = 0;
  for (const auto& [address, count] : per_address) {
    if (count > most) {
      most = count;
      busiest = address;
    }
  }
  return busiest;
}

// A connection of `address` that may make room (under the connections'
// lock): the oldest only reading a request past the grace, else the oldest
// long poll; marked, so that it makes room once.
std::shared_ptr<Server::Impl::Session> Server::Impl::make_room(const std::string& address) {
  const auto now = Clock::now();
  std::shared_ptr<Session> reader, waiter;
  for (const auto& weak : sessions[address]) {
    auto session = weak.lock();
    if (!session || session->evicted) continue;
    const auto phase = session->phase();
    if (phase == Session::Phase::Reading && now - session->since() > connection_limits.idle_grace &&
        (!reader || session->since() < reader->since()))
      reader = session;
    if (phase == Session::Phase::Waiting && (!waiter || session->since() < waiter->since()))
      waiter = session;
  }
  auto chosen = reader ? reader : waiter;
  if (chosen) chosen->evicted = true;
  return chosen;
}

void Server::Impl::release(const std::string& address) {
  const std::lock_guard lock(connections_mutex);
  --connections;
  const std::size_t left = --per_address[address];
  if (left == 0) per_address.erase(address);
  // The sessions gone are swept once they are half of the address's list:
  // a connection's end costs the same with 20,000 open (a proxy's) as
  // with one.
  auto& held = sessions[address];
  if (held.size() >= 2 * left + 8)
    std::erase_if(held, [](const std::weak_ptr<Session>& s) { return s.expired(); });
  if (left == 0) sessions.erase(address);
}

// A game changed (on any thread): each event loop told once, however many of
// its sessions wait for the game and however many changes come before it
// begins (an Amazons turn's move and shot are two).
void Server::Impl::wake(const std::string& id) {
  for (std::size_t i = 0; i < loops.size(); ++i) {
    {
      const std::lock_guard lock(loops[i]->mutex);
      if (!loops[i]->pending.insert(id).second) continue;
    }
    net::post(*contexts[i], [this, i, id] { wake_loop(i, id); });
  }
}

// On loop `i`'s thread: its sessions waiting for the game woken, the views
// they show rendered once for all; nothing to do when the game is where
// the last wake-up found it (a second change came while it began).
void Server::Impl::wake_loop(std::size_t i, const std::string& id) {
  Loop& loop = *loops[i];
  {
    const std::lock_guard lock(loop.mutex);
    loop.pending.erase(id);
  }
  const auto at = loop.waiting.find(id);
  if (at == loop.waiting.end()) return;
  Watchers& watchers = at->second;
  const auto version = matches.version(id);
  if (version && *version == watchers.told) return;
  watchers.told = version.value_or(0);
  Session::Rendered rendered;
  // From the last: a session that stops waiting as it is woken takes the
  // last one's place, which has been woken already.
  loop.walking = true;
  for (std::size_t k = watchers.sessions.size(); k-- > 0;) {
    if (k >= watchers.sessions.size()) continue;
    if (const auto session = watchers.sessions[k].lock()) {
      session->wake_here(rendered);
    } else {
      forget(i, id, k);  // gone without a word (the server stopping)
    }
  }
  loop.walking = false;
  if (watchers.sessions.empty()) loop.waiting.erase(at);
}

// On loop `i`'s thread: the session waits for the game; its place.
std::size_t Server::Impl::watch(std::size_t i, const std::string& id,
                                std::weak_ptr<Session> session) {
  auto& waiting = loops[i]->waiting[id].sessions;
  waiting.push_back(std::move(session));
  return waiting.size() - 1;
}

// On loop `i`'s thread: the session at `slot` waits no more; the last takes
// its place.
void Server::Impl::forget(std::size_t i, const std::string& id, std::size_t slot) {
  Loop& loop = *loops[i];
  const auto at = loop.waiting.find(id);
  if (at == loop.waiting.end() || slot >= at->second.sessions.size()) return;
  auto& waiting = at->second.sessions;
  if (slot + 1 < waiting.size()) {
    waiting[slot] = std::move(waiting.back());
    if (const auto moved = waiting[slot].lock()) moved->slot = slot;
  }
  waiting.pop_back();
  if (waiting.empty() && !loop.walking) loop.waiting.erase(at);
}

Server::Server(ServeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() {
  stop();
}

int Server::bind() {
  return impl_->bind();
}

void Server::run() {
  impl_->accept();
  // Each loop runs until stop(), with or without connections.
  std::vector<net::executor_work_guard<net::io_context::executor_type>> busy;
  for (auto& context : impl_->contexts) busy.push_back(net::make_work_guard(*context));
  std::vector<std::thread> pool;
  for (std::size_t i = 1; i < impl_->contexts.size(); ++i)
    pool.emplace_back([this, i] { impl_->contexts[i]->run(); });
  impl_->contexts.front()->run();
  for (std::thread& t : pool) t.join();
}

void Server::stop() {
  impl_->matches.stop();
  for (auto& context : impl_->contexts) context->stop();
}

}  // namespace web
