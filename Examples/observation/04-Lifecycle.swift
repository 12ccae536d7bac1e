import Combine
// .task (with and without id), .onAppear, .onDisappear, .onChange(of:),
// .onReceive, .sheet, .id — and `await host.settle()` to let tasks finish.
import SwiftUI

@MainActor @Observable final class Feed {
    var posts: [String] = []
    var log: [String] = []
    func load(page: Int) async {
        try? await Task.sleep(for: .milliseconds(5))
        posts = (1...2).map { "page \(page) post \($0)" }
    }
}

struct FeedView: View {
    let feed: Feed
    let refresh = PassthroughSubject<Void, Never>()
    @State private var page = 1
    @State private var showsComposer = false

    var body: some View {
        VStack {
            ForEach(feed.posts, id: \.self) { Text($0) }
            Button("Next page") { page += 1 }
            Button("Compose") { showsComposer = true }
        }
        .task(id: page) { await feed.load(page: page) }
        .onAppear { feed.log.append("appeared") }
        .onChange(of: page) { old, new in feed.log.append("page \(old) -> \(new)") }
        .onReceive(refresh) { feed.log.append("refresh requested") }
        .sheet(isPresented: $showsComposer) { Composer(feed: feed) }
    }
}

struct Composer: View {
    let feed: Feed
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        Button("Post") {
            feed.posts.insert("new post", at: 0)
            dismiss()
        }
        .onDisappear { feed.log.append("composer closed") }
    }
}

struct Ticker: View {
    @State private var ticks = 0
    var body: some View {
        Text("ticks \(ticks)")
            .task {
                while !Task.isCancelled {
                    ticks += 1
                    try? await Task.sleep(for: .seconds(3600))
                }
            }
    }
}

struct Shell: View {
    @State private var generation = 0
    var body: some View {
        VStack {
            Ticker().id(generation)
            Button("Restart") { generation += 1 }
        }
    }
}

let feed = Feed()
let view = FeedView(feed: feed)
let host = ViewHost(view)
await host.settle()
print(host.snapshot())
host.tap("Next page")
await host.settle()
view.refresh.send()
host.tap("Compose")
host.tap("Post")
print(host.snapshot())
print(feed.log.joined(separator: "\n"))

let shell = ViewHost(Shell())
await shell.yield()
shell.tap("Restart")  // a new id: the old ticker's task is cancelled, a new one starts
await shell.yield()
print(shell.snapshot())
shell.unmount()
